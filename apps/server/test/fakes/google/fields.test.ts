import { describe, expect, it } from 'vitest';
import { checkFields, FieldSelectionError, parseFields, selectFields } from './fields';

const page = {
  kind: 'admin#directory#users',
  etag: '"x"',
  nextPageToken: 'n',
  users: [
    {
      id: '1',
      primaryEmail: 'a@x.test',
      name: { givenName: 'A', familyName: 'B', fullName: 'A B' },
      isAdmin: true,
    },
    {
      id: '2',
      primaryEmail: 'c@x.test',
      name: { givenName: 'C', familyName: 'D', fullName: 'C D' },
      isAdmin: false,
    },
  ],
};
const pick = (fields: string) => selectFields(page, parseFields(fields));

describe("Google's fields syntax", () => {
  it('selects nested fields of every element of an array', () => {
    expect(pick('nextPageToken,users(primaryEmail,name(givenName,familyName))')).toEqual({
      nextPageToken: 'n',
      users: [
        { primaryEmail: 'a@x.test', name: { givenName: 'A', familyName: 'B' } },
        { primaryEmail: 'c@x.test', name: { givenName: 'C', familyName: 'D' } },
      ],
    });
  });

  it('reads a/b as a(b), merges repeated selections and lets a whole field win', () => {
    expect(pick('users/name/givenName,users(id)')).toEqual({
      users: [
        { id: '1', name: { givenName: 'A' } },
        { id: '2', name: { givenName: 'C' } },
      ],
    });
    expect(pick('users(name(givenName)),users/name')).toEqual({
      users: page.users.map((u) => ({ name: u.name })),
    });
  });

  it('takes * as every field at its level', () => {
    expect(pick('users(*)')).toEqual({ users: page.users });
    expect(pick('kind,users/*')).toEqual({ kind: page.kind, users: page.users });
  });

  it.each(['users(', 'users)', 'users(id,)', ',kind', 'users()', 'a b(c'])('refuses %j', (text) => {
    expect(() => parseFields(text)).toThrow(FieldSelectionError);
  });

  it('names the first field a schema does not have', () => {
    const schema = { users: { id: true, name: { givenName: true } } } as const;
    expect(() => checkFields(parseFields('users(id,name(givenName))'), schema)).not.toThrow();
    expect(() => checkFields(parseFields('users(id,isAdmn)'), schema)).toThrow('users/isAdmn');
    expect(() => checkFields(parseFields('users(id(x))'), schema)).toThrow('users/id');
  });
});
