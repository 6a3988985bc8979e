import { setAlternateAppIcon } from 'expo-alternate-app-icons';
export const dawn = () => setAlternateAppIcon('Dawn');
