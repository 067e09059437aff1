import { useEffect, useState } from 'react';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { joinMobile, splitMobile, type MobilePrefix } from '@app/shared';
import { api } from '../../api/client.ts';

/**
 * Calling codes change with the library's metadata, never during a visit: asked once per page
 * load. Not a query hook: the sign-in pages render outside the query client.
 */
let loading: Promise<MobilePrefix[]> | null = null;
function loadPrefixes(): Promise<MobilePrefix[]> {
  loading ??= api.get<MobilePrefix[]>('/common/get-mobile-prefix').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function useMobilePrefixes(): MobilePrefix[] {
  const [prefixes, setPrefixes] = useState<MobilePrefix[]>([]);
  useEffect(() => {
    let live = true;
    loadPrefixes()
      .then((list) => live && setPrefixes(list))
      // Without the list the selector still offers the current code.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return prefixes;
}

/**
 * The one mobile control: a calling-code selector (`GET /api/common/get-mobile-prefix`) and the
 * number. Its value is what the API takes: a mainland number bare, any other `+<code><number>`.
 */
export function MobileInput({
  value = '',
  onChange,
  autoFocus,
  placeholder,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  autoFocus?: boolean;
  placeholder?: string;
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  const prefixes = useMobilePrefixes();
  const split = splitMobile(value);
  // Chosen before any digit is typed, the code has no value to live in yet.
  const [chosen, setChosen] = useState(split.callingCode);
  const callingCode = value ? split.callingCode : chosen;
  const national = split.national;
  const english = i18n.language === 'en';
  // Several regions share a code (+1, +7, +44): one option per code, named by its first region.
  const seen = new Set<string>();
  const options = prefixes
    .filter((p) => !seen.has(p.code) && seen.add(p.code))
    .map((p) => ({
      value: p.code,
      label: `+${p.code}`,
      title: `${english ? p.name_en : p.name_zh} +${p.code}`,
      search: `${p.name_en} ${p.name_zh} +${p.code} ${p.country}`.toLowerCase(),
    }));
  return (
    <Space.Compact block>
      <Select
        aria-label={t('common.mobilePrefix')}
        value={callingCode}
        showSearch
        popupMatchSelectWidth={240}
        style={{ width: 104, flex: 'none' }}
        options={
          options.length > 0
            ? options
            : [{ value: callingCode, label: `+${callingCode}`, title: '', search: '' }]
        }
        optionRender={(option) => option.data.title || option.label}
        filterOption={(input, option) =>
          (option?.search ?? '').includes(input.trim().toLowerCase())
        }
        onChange={(code: string) => {
          setChosen(code);
          if (national) onChange?.(joinMobile(code, national));
        }}
      />
      <Input
        id={id}
        type="tel"
        autoComplete="tel"
        autoFocus={autoFocus}
        placeholder={placeholder}
        value={national}
        onChange={(e) => {
          const typed = e.target.value.trim();
          onChange?.(typed ? joinMobile(callingCode, typed) : '');
        }}
      />
    </Space.Compact>
  );
}
