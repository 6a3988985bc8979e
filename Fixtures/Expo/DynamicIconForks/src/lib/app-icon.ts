import { setAppIcon } from '@bsky.app/expo-dynamic-app-icon';
import { setAppIcon as setSeasonal } from '@howincodes/expo-dynamic-app-icon';

export const black = () => setAppIcon('flat_black');
export const reset = () => setAppIcon(null);
export const sunrise = () => setSeasonal('sunrise');
