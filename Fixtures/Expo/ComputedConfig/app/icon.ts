import { setAlternateAppIcon } from 'expo-alternate-app-icons';
export const night = () => setAlternateAppIcon('Night');
