import { describe, expect, it } from 'vitest';
import { stripeForm } from './stripe-form';

describe('stripeForm', () => {
  it('writes nested objects and arrays as bracket keys, brackets unencoded', () => {
    expect(
      stripeForm({
        name: 'brightwave.example',
        metadata: { organization_id: 'org 1' },
        line_items: [{ price: 'price_1', quantity: 2 }],
        expand: ['customer'],
      }),
    ).toBe(
      'name=brightwave.example&metadata[organization_id]=org%201&line_items[0][price]=price_1&line_items[0][quantity]=2&expand[0]=customer',
    );
  });

  it('encodes values and keys, sends null as empty and leaves out undefined', () => {
    expect(
      stripeForm({
        return_url: 'http://127.0.0.1:3000/tasks?x=1&y=2',
        description: null,
        email: undefined,
        metadata: { 'a&b': 'c=d' },
      }),
    ).toBe(
      'return_url=http%3A%2F%2F127.0.0.1%3A3000%2Ftasks%3Fx%3D1%26y%3D2&description=&metadata[a%26b]=c%3Dd',
    );
  });
});
