import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import classes from './Hint.module.css';

const GAP = 8;

/**
 * A tooltip: `label` shows above `children` (below when there is no room) while the pointer is
 * over it, it has the keyboard focus or it was touched, and Escape hides it. Placed with a few
 * lines here rather than Mantine's Tooltip, whose floating-ui is about 10 kB gzipped that most
 * pages need for nothing else. The child is described by it while it shows, unless it names its
 * own description.
 */
export function Hint({
  label,
  children,
  multiline = false,
  maxWidth,
  disabled = false,
}: {
  label: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
  multiline?: boolean;
  maxWidth?: number;
  disabled?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const id = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const hint = useRef<HTMLDivElement>(null);
  const open = shown && !disabled;

  useLayoutEffect(() => {
    if (!open || !anchor.current || !hint.current) return setPlace(null);
    const at = anchor.current.getBoundingClientRect();
    const size = hint.current.getBoundingClientRect();
    const above = at.top - size.height - GAP;
    const top = above >= GAP ? above : at.bottom + GAP;
    const centred = at.left + at.width / 2 - size.width / 2;
    const left = Math.min(Math.max(centred, GAP), window.innerWidth - size.width - GAP);
    setPlace({ top, left });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const hide = () => setShown(false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    // A touch shows it until the next touch elsewhere.
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) hide();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    // Placed once: a scroll would leave it behind.
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [open]);

  const describedBy = children.props['aria-describedby'] ?? (open ? id : undefined);
  return (
    // The child is what the user points at or focuses; this wrapper only hears it.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <span
      ref={anchor}
      className={classes.anchor}
      onPointerEnter={() => setShown(true)}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'touch') setShown(false);
      }}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {open &&
        createPortal(
          <div
            ref={hint}
            id={id}
            role="tooltip"
            className={classes.hint}
            data-multiline={multiline || undefined}
            data-placed={place ? '' : undefined}
            style={{
              top: place?.top ?? 0,
              left: place?.left ?? 0,
              ...(maxWidth ? { '--hint-max-width': `${maxWidth}px` } : {}),
            }}
          >
            {label}
          </div>,
          document.body,
        )}
    </span>
  );
}
