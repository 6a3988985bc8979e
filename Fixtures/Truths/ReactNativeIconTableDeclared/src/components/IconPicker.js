import { Pressable, Text, View } from 'react-native';
import { setAlternateAppIcon, supportsAlternateIcons } from 'expo-alternate-app-icons';

export const ICONS = [
  { id: 'classic', label: 'Classic', name: null },
  { id: 'ocean', label: 'Ocean', name: 'Ocean' },
  { id: 'sunset', label: 'Sunset', name: 'Sunset' },
];

export default function IconPicker({ current, onChange }) {
  async function select(icon) {
    if (!supportsAlternateIcons) {
      return;
    }
    await setAlternateAppIcon(icon.name);
    onChange(icon.id);
  }

  return (
    <View>
      {ICONS.map((icon) => (
        <Pressable key={icon.id} onPress={() => select(icon)}>
          <Text>{icon.id === current ? `${icon.label} (current)` : icon.label}</Text>
        </Pressable>
      ))}
    </View>
  );
}
