import { PRODUCT_NAME } from '@castellan/contract/vocabulary';
import { useEffect } from 'react';

export const pageTitle = (title: string) => `${title} | ${PRODUCT_NAME}`;

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
