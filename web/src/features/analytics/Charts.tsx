import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { AnalyticsAttendance } from './api';
import { singers, typeName } from './format';

/**
 * TrendChart draws the share present at each event of the period. The
 * chart is a picture for those who see it: its text alternative is a
 * sentence (the lowest and highest) and the events table beside it.
 */
export function TrendChart({ events }: { events: AnalyticsAttendance['events'] }) {
  const points = events.filter((e) => e.rate !== undefined).map((e) => ({ date: e.date, rate: e.rate ?? 0 }));
  if (points.length < 2) return null;
  const low = points.reduce((a, b) => (b.rate < a.rate ? b : a));
  const high = points.reduce((a, b) => (b.rate > a.rate ? b : a));
  const summary = `Attendance rate at each of ${points.length} events, from ${points[0].date} to ${points[points.length - 1].date}: lowest ${low.rate} % on ${low.date}, highest ${high.rate} % on ${high.date}. The events table lists every figure.`;
  return (
    <figure className="analytics-chart" style={{ margin: 0 }}>
      <div role="img" aria-label="Chart of the attendance rate per event, described below">
        <LineChart
          h={220}
          data={points}
          dataKey="date"
          series={[{ name: 'rate', label: 'Present (%)', color: 'blue.5' }]}
          yAxisProps={{ domain: [0, 100] }}
          unit=" %"
          curveType="linear"
          withDots={points.length <= 60}
          lineChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <Text component="figcaption" size="sm" c="dimmed">
        {summary}
      </Text>
    </figure>
  );
}

/** TypesChart draws the average singers present per event type, with a sentence as its text alternative. */
export function TypesChart({ types }: { types: AnalyticsAttendance['types'] }) {
  if (types.length === 0) return null;
  const data = types.map((t) => ({ type: typeName(t.type), singers: t.averageSingers }));
  const summary = `Average singers present per event: ${types.map((t) => `${typeName(t.type)} ${singers(t.averageSingers)}`).join(', ')}.`;
  return (
    <figure className="analytics-chart" style={{ margin: 0 }}>
      <div role="img" aria-label="Chart of the average singers per event type, described below">
        <BarChart
          h={180}
          data={data}
          dataKey="type"
          series={[{ name: 'singers', label: 'Average singers', color: 'teal.6' }]}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <Text component="figcaption" size="sm" c="dimmed">
        {summary}
      </Text>
    </figure>
  );
}
