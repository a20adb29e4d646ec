export { SignInButtons } from './SignInButtons';
export { UserMenu } from './UserMenu';
