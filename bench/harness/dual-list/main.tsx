// The bench page of the dual list: the portal's own DualList component (web/src/components/ui),
// built for production with the portal's Vite configuration, fed 9,999 items (the "all items"
// page size). bench/sections/interaction.ts types into its search box and times each keystroke.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import { DualList, type DualListItem, type DualListKey } from '@/components/ui/dual-list';
import { initI18n } from '@/lib/i18n';

export const ITEM_COUNT = 9_999;
const PREFIXES = [
  'Ville de',
  'Commune de',
  'Syndicat de',
  'Régie de',
  'Communauté de',
  'Aqua',
  'Réseaux',
  'Voirie',
];
const TOWNS = [
  'Dijon',
  'Lyon',
  'Lille',
  'Chenôve',
  'Talant',
  'Quetigny',
  'Villeurbanne',
  'Roubaix',
  'Tourcoing',
  'Beaune',
  'Auxonne',
  'Genlis',
];

const items: DualListItem[] = Array.from({ length: ITEM_COUNT }, (_, i) => ({
  id: i + 1,
  label: `${PREFIXES[i % PREFIXES.length]} ${TOWNS[(i * 7) % TOWNS.length]} ${i + 1}`,
}));

void initI18n({ fr: { translation: {} } }, 'fr');

function Bench() {
  const [selected, setSelected] = useState<DualListKey[]>([]);
  return (
    <DualList
      items={items}
      selected={selected}
      onChange={setSelected}
      availableLabel="Disponibles"
      selectedLabel="Sélectionnés"
    />
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Bench />);
