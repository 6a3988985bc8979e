const { withIcons } = require('./config/icons');

const variant = process.env.APP_VARIANT ?? 'production';

module.exports = {
  name: 'Pocket',
  slug: 'pocket',
  icon: process.env.APP_ICON,
  ios: { bundleIdentifier: `com.example.pocket.${variant}` },
  plugins: ['expo-router', withIcons(variant)],
};
