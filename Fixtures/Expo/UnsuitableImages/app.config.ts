import { ConfigContext, ExpoConfig } from 'expo/config';

const IS_DEV = process.env.APP_VARIANT === 'development';

export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: IS_DEV ? 'Pocket (Dev)' : 'Pocket',
  ios: {
    ...config.ios,
    bundleIdentifier: IS_DEV ? 'com.example.pocket.dev' : 'com.example.pocket',
    icon: {
      light: './assets/images/icon.png',
      dark: './assets/images/icon-dark.png',
    },
  },
  plugins: [
    ...(config.plugins ?? []),
    [
      'expo-alternate-app-icons',
      [
        { name: 'Glass', ios: './assets/icons/glass.png' },
        { name: 'Duo', ios: { light: './assets/icons/duo.png', dark: './assets/icons/duo-dark.png' } },
      ],
    ],
  ],
});
