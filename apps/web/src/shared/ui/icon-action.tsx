import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

interface IconActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Rows and cards use small; toolbars the default size. */
  size?: 'small' | 'middle';
}

/** A row, card or toolbar action: an icon with its name as tooltip and accessible label. */
export function IconAction({
  label,
  icon,
  onClick,
  danger,
  disabled,
  size = 'small',
}: IconActionProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size={size}
        aria-label={label}
        icon={icon}
        danger={danger}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}
