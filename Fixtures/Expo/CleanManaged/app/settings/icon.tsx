import { setAlternateAppIcon, resetAppIcon } from 'expo-alternate-app-icons';
import { Pressable, Text } from 'react-native';

const icons = ['Night', 'Ocean'] as const;

export default function IconPicker() {
  return (
    <>
      <Pressable onPress={() => setAlternateAppIcon('Night')}><Text>Night</Text></Pressable>
      <Pressable onPress={() => setAlternateAppIcon('Ocean')}><Text>Ocean</Text></Pressable>
      <Pressable onPress={() => setAlternateAppIcon(null)}><Text>Default</Text></Pressable>
    </>
  );
}
