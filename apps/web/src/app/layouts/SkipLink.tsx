import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';

/** The id of the app layout's main area, which the skip link moves the focus to. */
export const MAIN_ID = 'main-content';

/**
 * The first thing the keyboard reaches: it jumps past the header and the menu to the page. The
 * focus is moved by hand, as following "#main-content" would be a navigation of the app.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
