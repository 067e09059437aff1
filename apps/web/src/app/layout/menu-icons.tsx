import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  LinkOutlined,
  MenuOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by antd name. Only the icons menus use are bundled (the full set is megabytes);
 * an unknown name falls back to a neutral icon rather than nothing.
 */
const ICONS: Record<string, ReactNode> = {
  ApartmentOutlined: <ApartmentOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  ControlOutlined: <ControlOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HomeOutlined: <HomeOutlined />,
  InfoCircleOutlined: <InfoCircleOutlined />,
  LinkOutlined: <LinkOutlined />,
  MenuOutlined: <MenuOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  ScheduleOutlined: <ScheduleOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  TeamOutlined: <TeamOutlined />,
  UserOutlined: <UserOutlined />,
  WalletOutlined: <WalletOutlined />,
};

const BY_LOWER = new Map(Object.entries(ICONS).map(([name, icon]) => [name.toLowerCase(), icon]));

export function menuIcon(name: string | null | undefined, fallback: ReactNode = null): ReactNode {
  if (!name) return fallback;
  const key = name
    .trim()
    .toLowerCase()
    .replace(/^icon-/, '');
  return BY_LOWER.get(key) ?? BY_LOWER.get(`${key}outlined`) ?? <AppstoreOutlined />;
}
