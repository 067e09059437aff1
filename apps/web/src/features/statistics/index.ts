// Statistics' public face: the home page's "today" card. The pages are reached through the view
// registry only (lazy), so ECharts never comes with this index.
export { TodayPanel } from './components/today-panel.tsx';
