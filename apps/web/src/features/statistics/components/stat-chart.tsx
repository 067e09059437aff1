import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts these pages draw, so the statistics chunk stays small; nothing outside this
// feature imports ECharts, and the feature's pages are lazy, so no other page loads it.
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** One ECharts chart that follows its container's width; `label` names it for screen readers. */
export function StatChart({
  option,
  label,
  height = 300,
}: {
  option: ChartOption;
  label: string;
  height?: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    chart.current = echarts.init(node);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => chart.current?.resize());
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div ref={element} className="stat-chart" style={{ height }} role="img" aria-label={label} />
  );
}

/** A category axis chart: one line or bar series per measure. */
export function seriesOption(
  categories: string[],
  series: Array<{ name: string; data: number[]; type?: 'line' | 'bar'; yAxisIndex?: number }>,
  opts: { twoAxes?: boolean; horizontal?: boolean } = {},
): ChartOption {
  const category = { type: 'category', data: categories };
  const values = opts.twoAxes ? [{ type: 'value' }, { type: 'value' }] : { type: 'value' };
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: opts.horizontal ? values : category,
    yAxis: opts.horizontal ? { ...category, inverse: true } : values,
    series: series.map((s) => ({
      type: s.type ?? 'line',
      smooth: true,
      name: s.name,
      data: s.data,
      yAxisIndex: s.yAxisIndex,
    })),
  };
}
