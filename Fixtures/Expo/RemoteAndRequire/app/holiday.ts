import { setAppIcon } from '@bsky.app/expo-dynamic-app-icon';
export const holiday = () => setAppIcon('holiday');
