import React, { useCallback, useState } from 'react';
import { Alert, Image, Pressable, ScrollView, StyleSheet, Text } from 'react-native';
import { changeIcon, getIcon } from 'react-native-change-icon';

type AppIconOption = {
  id: string;
  title: string;
  iconName: string;
  preview: number;
};

const APP_ICONS: AppIconOption[] = [
  { id: 'classic', title: 'Classic', iconName: 'Default', preview: require('../../assets/icons/classic.png') },
  { id: 'ocean', title: 'Ocean', iconName: 'Ocean', preview: require('../../assets/icons/ocean.png') },
  { id: 'sunset', title: 'Sunset', iconName: 'Sunset', preview: require('../../assets/icons/sunset.png') },
  { id: 'midnight', title: 'Midnight', iconName: 'Midnight', preview: require('../../assets/icons/midnight.png') },
];

export function AppIconScreen() {
  const [current, setCurrent] = useState<string>('classic');

  const handleSelect = useCallback(async (icon: AppIconOption) => {
    if (icon.id === current) {
      return;
    }
    try {
      await changeIcon(icon.iconName);
      setCurrent(icon.id);
    } catch (error) {
      Alert.alert('Could not change the icon', String(error));
    }
  }, [current]);

  return (
    <ScrollView contentContainerStyle={styles.list}>
      {APP_ICONS.map((icon) => (
        <Pressable key={icon.id} style={styles.row} onPress={() => handleSelect(icon)}>
          <Image source={icon.preview} style={styles.preview} />
          <Text style={icon.id === current ? styles.selected : styles.title}>{icon.title}</Text>
        </Pressable>
      ))}
    </ScrollView>
  );
}

export async function currentIconName(): Promise<string> {
  return getIcon();
}

const styles = StyleSheet.create({
  list: { padding: 16 },
  row: { flexDirection: 'row', alignItems: 'center', paddingVertical: 8 },
  preview: { width: 48, height: 48, borderRadius: 10, marginRight: 12 },
  title: { fontSize: 16 },
  selected: { fontSize: 16, fontWeight: '600' },
});
