import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Viewport({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div ref={useMergeRefs(refs)} data-testid="viewport" />;
}

describe('the ScrollArea stand-in for floating-ui’s useMergeRefs', () => {
  it('gives the element to every ref, and takes it back when it goes', () => {
    const object = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const view = render(<Viewport refs={[object, callback, undefined]} />);
    const element = view.getByTestId('viewport');
    expect(object.current).toBe(element);
    expect(callback).toHaveBeenCalledWith(element);
    view.unmount();
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
  });
});
