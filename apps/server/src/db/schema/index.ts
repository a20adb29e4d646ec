export * from './analytics';
export * from './audit';
export * from './identities';
export * from './organizations';
export * from './sessions';
export * from './tasks';
export * from './tours';
export * from './users';
