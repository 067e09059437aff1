import { AntdTheme } from '../../../shared/ui/antd-theme.tsx';
import { AuthShell, type AuthShellProps } from './auth-shell.tsx';

/**
 * The auth frame with antd's theme, for the pages built from antd forms (sign-up, reset,
 * invitation, e-mail check). /login draws its form without antd and so skips the theme.
 */
export function AntdAuthShell(props: AuthShellProps) {
  return (
    <AntdTheme>
      <AuthShell {...props} />
    </AntdTheme>
  );
}
