import { getAppIcon, setAppIcon } from 'expo-dynamic-app-icon';

export function useAppIcon() {
  const current = getAppIcon();
  const toRed = () => setAppIcon('red');
  const toBlue = () => setAppIcon('blue');
  const toGrey = () => setAppIcon('grey');
  return { current, toRed, toBlue, toGrey };
}
