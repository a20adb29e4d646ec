import {
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import classes from './MenuButton.module.css';

export type MenuItem = { label: string; onSelect: () => void; color?: string };

/** What the button that opens the menu is given: spread it on the button. */
export type MenuTriggerProps = {
  ref: Ref<HTMLButtonElement>;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

/**
 * A button that opens a menu below it (the WAI-ARIA menu button pattern): the first item takes
 * the focus, the arrow keys, Home and End move it, Escape closes and gives the focus back, Tab or
 * a click elsewhere closes. Drawn without a positioning library (Mantine's Menu brings about
 * 10 kB of floating-ui): it opens downwards, aligned with the button's `align` edge, so use it
 * where there is room below, as in the header.
 */
export function MenuButton({
  trigger,
  heading,
  items,
  align = 'end',
  label,
  onOpenChange,
}: {
  trigger: (props: MenuTriggerProps) => ReactElement;
  /** Shown above the items, not one of them (the arrow keys pass it by). */
  heading?: ReactNode;
  items: MenuItem[];
  align?: 'start' | 'end';
  /** The menu's accessible name. */
  label: string;
  onOpenChange?: (opened: boolean) => void;
}) {
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const opened = focusOnOpen !== null;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const itemsShown = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];
  const setOpened = (next: 'first' | 'last' | null) => {
    setFocusOnOpen(next);
    onOpenChange?.(next !== null);
  };
  const close = (giveFocusBack: boolean) => {
    setOpened(null);
    if (giveFocusBack) button.current?.focus();
  };

  useEffect(() => {
    if (!focusOnOpen || !menu.current) return;
    const shown = menu.current.querySelectorAll<HTMLElement>('[role="menuitem"]');
    (focusOnOpen === 'first' ? shown[0] : shown[shown.length - 1])?.focus();
  }, [focusOnOpen]);

  useEffect(() => {
    if (!opened) return;
    const outside = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setFocusOnOpen(null);
      onOpenChange?.(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [opened, onOpenChange]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const shown = itemsShown();
    const at = shown.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      shown[(to + shown.length) % shown.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(shown.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div ref={root} className={classes.root}>
      {trigger({
        ref: button,
        'aria-haspopup': 'menu',
        'aria-expanded': opened,
        'aria-controls': opened ? id : undefined,
        onClick: () => setOpened(opened ? null : 'first'),
        onKeyDown: (event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpened(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        },
      })}
      {opened && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          className={classes.dropdown}
          data-align={align}
          onKeyDown={onMenuKeyDown}
        >
          {heading && (
            <>
              <div className={classes.heading}>{heading}</div>
              <hr className={classes.divider} />
            </>
          )}
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={classes.item}
              style={item.color ? { color: item.color } : undefined}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
