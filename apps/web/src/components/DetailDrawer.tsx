import { Button, CloseButton, Group, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import classes from './DetailDrawer.module.css';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The close button's accessible name, e.g. "Close task details". */
  closeLabel: string;
  /** Its width on larger screens; a phone gets the whole width. */
  size: 'md' | 'lg';
  children: ReactNode;
  /**
   * Actions kept in view at the bottom, however far the content scrolls. With them, the close
   * button moves down beside them, out of the way of the toasts at the top right.
   */
  actions?: ReactNode;
};

/** The app's own content, made inert while a drawer is open (the drawer is outside it). */
const appRoot = () => document.getElementById('root');

/**
 * The details panel that slides in from the right, as a modal dialog: the page behind is inert
 * and does not scroll, Escape or the backdrop close it, and the focus goes back to what opened
 * it. Drawn by the app rather than by Mantine's Drawer, whose modal machinery (focus trap, scroll
 * lock, portal, transitions, scroll area) weighed about 20 kB gzipped on pages that open one.
 * The toasts are outside the app's root too, so they stay in view and readable above it.
 */
export function DetailDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  size,
  children,
  actions,
}: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!opened) return;
    const opener = document.activeElement as HTMLElement | null;
    const root = appRoot();
    const html = document.documentElement;
    const overflow = html.style.overflow;
    root?.setAttribute('inert', '');
    html.style.overflow = 'hidden';
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      root?.removeAttribute('inert');
      html.style.overflow = overflow;
      // Back to the task, node or button that opened it, when it is still there.
      if (opener?.isConnected) opener.focus();
    };
  }, [opened]);

  if (!opened) return null;
  return createPortal(
    <div className={classes.layer}>
      <div className={classes.backdrop} onClick={onClose} aria-hidden />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={classes.panel}
        data-size={size}
      >
        <header className={classes.header}>
          <Title order={2} size="h4" id={titleId} className={classes.title}>
            {title}
          </Title>
          {actions === undefined && <CloseButton onClick={onClose} aria-label={closeLabel} />}
        </header>
        <div className={classes.body}>
          {children}
          {actions !== undefined && (
            <Group justify="space-between" gap="sm" py="sm" mt="md" className={classes.actions}>
              <Group gap="sm">{actions}</Group>
              <Button variant="default" onClick={onClose} aria-label={closeLabel}>
                Close
              </Button>
            </Group>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
