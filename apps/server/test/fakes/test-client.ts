/** The OAuth client every test provider (OpenID sign-in, fake Google) knows the app as. */
export const TEST_CLIENT = { id: 'castellan-test', secret: 'castellan-test-secret' };
