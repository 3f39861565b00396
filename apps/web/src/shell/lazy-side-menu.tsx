import { Suspense, useState } from 'react';
import { lazyWithFullStyles } from '../lib/full-styles';

const SideMenu = lazyWithFullStyles(() => import('./side-menu').then((module) => module.SideMenu));

/**
 * The side menu (spec §2), loaded the first time it is opened: the drawer, its focus trap and its
 * icons are not part of the first load. Once loaded it stays mounted, so it animates as before.
 */
export function LazySideMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SideMenu opened={opened} onClose={onClose} />
    </Suspense>
  );
}
