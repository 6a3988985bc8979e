const appJson = require('./package.json');

module.exports = {
  expo: {
    name: 'Pocket',
    slug: 'pocket',
    version: appJson.version,
    icon: './assets/images/icon.png',
    ios: { supportsTablet: false, bundleIdentifier: 'com.example.pocket' },
    plugins: [
      ['@bsky.app/expo-dynamic-app-icon', { flat_black: { ios: './assets/icons/flat_black.png', prerendered: true } }],
      ['@howincodes/expo-dynamic-app-icon', { sunrise: { ios: { light: './assets/icons/sunrise.png', dark: './assets/icons/sunrise-dark.png' } } }],
    ],
  },
};
