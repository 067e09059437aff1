import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

interface IconActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A row or card action: an icon with its name as tooltip and accessible label. */
export function IconAction({ label, icon, onClick, danger, disabled }: IconActionProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={icon}
        danger={danger}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}
