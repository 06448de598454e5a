import { describe, expect, it } from 'vitest';
import { emailDomainAllowed, roleFromClaims } from './sso-policy.ts';

describe('roleFromClaims', () => {
  it.each([
    [{ groups: ['sales', 'ecert-admins'] }, 'groups', 'admin'],
    [{ groups: ['sales'] }, 'groups', 'staff'],
    [{ groups: 'ecert-admins' }, 'groups', 'admin'],
    [{ groups: 'ecert-admins-old' }, 'groups', 'staff'],
    [{}, 'groups', 'staff'],
    [{ groups: null }, 'groups', 'staff'],
    [{ realm_access: { roles: ['ecert-admins'] } }, 'realm_access.roles', 'admin'],
    [{ 'https://contoso.com/roles': ['ecert-admins'] }, 'https://contoso.com/roles', 'admin'],
    [{ realm_access: 'ecert-admins' }, 'realm_access.roles', 'staff'],
  ])('%j with claim %s gives %s', (profile, claim, role) => {
    expect(roleFromClaims(profile, claim, { admin: 'ecert-admins' })).toBe(role);
  });

  it.each([
    [['ecert-editors'], 'editor'],
    [['ecert-editors', 'ecert-admins'], 'admin'],
    ['ecert-editors', 'editor'],
    [['ecert-editors-old'], 'staff'],
    [[['ecert-editors']], 'staff'],
  ])('groups %j with an editor value gives %s', (groups, role) => {
    expect(roleFromClaims({ groups }, 'groups', { admin: 'ecert-admins', editor: 'ecert-editors' })).toBe(
      role,
    );
  });

  it('makes no editor without an editor value', () => {
    expect(roleFromClaims({ groups: ['ecert-editors'] }, 'groups', { admin: 'ecert-admins' })).toBe('staff');
  });

  it('reads no inherited property as a claim', () => {
    expect(roleFromClaims({}, 'constructor', { admin: String(Object) })).toBe('staff');
    expect(roleFromClaims({}, 'toString.name', { admin: 'toString' })).toBe('staff');
  });

  it('reads only a text or a list of texts: any other shape makes staff, whatever its text', () => {
    for (const groups of [
      [['ecert-admins']],
      ['sales', ['ecert-admins']],
      { 0: 'ecert-admins' },
      [{ toString: 'ecert-admins' }],
    ]) {
      expect(roleFromClaims({ groups }, 'groups', { admin: 'ecert-admins' }), JSON.stringify(groups)).toBe(
        'staff',
      );
    }
    expect(roleFromClaims({ ecert_admin: true }, 'ecert_admin', { admin: 'true' })).toBe('staff');
    expect(roleFromClaims({ level: [3, 7] }, 'level', { admin: '7' })).toBe('staff');
  });
});

describe('emailDomainAllowed', () => {
  const domains = ['contoso.com'];
  it.each([
    ['ada@contoso.com', true],
    ['ADA@CONTOSO.COM', true],
    ['ada@mail.contoso.com', false],
    ['ada@contoso.com.evil.example', false],
    ['ada@notcontoso.com', false],
    ['contoso.com', false],
    ['@contoso.com', false],
  ])('%s → %s', (email, allowed) => {
    expect(emailDomainAllowed(email, domains)).toBe(allowed);
  });
});
