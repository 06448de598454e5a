// The two accounts tests/e2e/start-server.ts creates before the server starts; the specs sign in with them.
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
