import AreaPlaceholder from '../shell/area-placeholder';

/** Placeholder until the accounts screens land (the accounts engineer replaces this file). */
export default function LoginScreen() {
  return <AreaPlaceholder area="usercenter" framed titleId="shell.welcome.login" />;
}
