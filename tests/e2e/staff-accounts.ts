// The accounts tests/e2e/start-server.ts creates before the server starts; the specs sign in with them.
export interface StaffAccount {
  email: string;
  password: string;
  name: string;
  role: 'admin' | 'staff';
}

export const adminAccount: StaffAccount = {
  email: 'e2e-admin@example.com',
  password: 'e2e admin passphrase 4821',
  name: 'E2E Admin',
  role: 'admin',
};

export const staffAccount: StaffAccount = {
  email: 'e2e-staff@example.com',
  password: 'e2e staff passphrase 7305',
  name: 'E2E Staff',
  role: 'staff',
};

/**
 * For the tests of the sign-in form and Logout. The server allows 5 sign-ins per account in 15
 * minutes (right or wrong password): these tests spend this account's, not the shared sessions'.
 */
export const signInTestAccount: StaffAccount = {
  email: 'e2e-sign-in@example.com',
  password: 'e2e sign-in passphrase 1964',
  name: 'E2E Sign-in',
  role: 'staff',
};
