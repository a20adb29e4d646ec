import { Burger, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import classes from './NavbarToggle.module.css';

export const NAVBAR_CLICKED_KEY = 'castellan.navbarToggleClicked';

/** The small-screen menu button: it bounces until the user has used it once. */
export function NavbarToggle({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const [clicked, setClicked] = useLocalStorage({
    key: NAVBAR_CLICKED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  return (
    <Burger
      opened={opened}
      onClick={() => {
        setClicked(true);
        onToggle();
      }}
      hiddenFrom="sm"
      size="sm"
      aria-label={opened ? 'Close main menu' : 'Expand main menu'}
      aria-expanded={opened}
      className={clicked ? undefined : classes.bounce}
      data-bouncing={!clicked}
    >
      <VisuallyHidden>Toggle menu</VisuallyHidden>
    </Burger>
  );
}
