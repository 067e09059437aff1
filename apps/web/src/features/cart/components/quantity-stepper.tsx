import { useEffect, useRef, useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CART_LINE_QUANTITY_MAX, type CartLine } from '@app/shared';

/** Typing waits this long for the next keystroke before the quantity is sent. */
const TYPING_DELAY_MS = 600;

interface QuantityStepperProps {
  line: CartLine;
  disabled?: boolean;
  onIncrement: () => void;
  onDecrement: () => void;
  onSet: (quantity: number) => void;
}

/** Minus and plus send one step each; a typed quantity is sent once the seller pauses or leaves the field. */
export function QuantityStepper({
  line,
  disabled,
  onIncrement,
  onDecrement,
  onSet,
}: QuantityStepperProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);

  const commit = (value: number | null) => {
    cancel();
    setDraft(null);
    if (value !== null && value !== line.quantity) onSet(value);
  };

  const type = (value: number | null) => {
    setDraft(value);
    cancel();
    timer.current = setTimeout(() => commit(value), TYPING_DELAY_MS);
  };

  return (
    <Space.Compact className="cart-stepper">
      <Button
        icon={<MinusOutlined />}
        aria-label={t('cart.decrease')}
        disabled={disabled || line.quantity <= 1}
        onClick={onDecrement}
      />
      <InputNumber<number>
        aria-label={t('cart.quantityLabel', { title: line.title })}
        className="cart-stepper__input"
        min={1}
        max={CART_LINE_QUANTITY_MAX}
        precision={0}
        controls={false}
        disabled={disabled}
        value={draft ?? line.quantity}
        onChange={type}
        onBlur={() => timer.current && commit(draft)}
        onPressEnter={() => commit(draft)}
      />
      <Button
        icon={<PlusOutlined />}
        aria-label={t('cart.increase')}
        disabled={disabled || line.quantity >= CART_LINE_QUANTITY_MAX}
        onClick={onIncrement}
      />
    </Space.Compact>
  );
}
