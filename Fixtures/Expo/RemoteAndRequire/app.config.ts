import type { ExpoConfig } from 'expo/config';

const config: ExpoConfig = {
  name: 'Pocket',
  slug: 'pocket',
  icon: require('./assets/images/icon.png'),
  ios: { bundleIdentifier: 'com.example.pocket' },
  plugins: [
    ['@bsky.app/expo-dynamic-app-icon', { holiday: { ios: 'https://cdn.example.com/pocket/holiday-1024.png' } }],
  ],
};

export default config;
