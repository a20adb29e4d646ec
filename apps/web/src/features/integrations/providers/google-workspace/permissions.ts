/** The Google Workspace admin permissions Castellan asks for, said once for the card and panel. */
export const GOOGLE_PERMISSIONS = 'read-only access to users, reports and policies';
