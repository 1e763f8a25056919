import { CommandPalette, type PaletteItem } from '@onboarding/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePaletteItems } from './use-palette-items';

/**
 * The open command palette (docs/requirements.md#decision-command-palette), in a chunk of its
 * own. It is mounted while open, so prompts and products load when it opens and what was typed
 * starts over each time. Choosing an item closes it (focus goes back where it was) and goes there.
 */
export default function AppCommandPalette({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const { items, loading, status } = usePaletteItems(query);

  const onSelect = (chosen: PaletteItem) => {
    const item = items.find((i) => i.id === chosen.id);
    if (!item) return;
    onClose();
    void navigate(item.to);
  };

  return (
    <CommandPalette
      open
      onClose={onClose}
      items={items}
      query={query}
      onQueryChange={setQuery}
      onSelect={onSelect}
      loading={loading}
      status={status}
    />
  );
}
