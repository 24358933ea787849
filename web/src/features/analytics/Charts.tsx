import { Group, Text } from '@mantine/core';
import type { AnalyticsAttendance } from './api';
import { singers, typeName } from './format';

// The charts are plain SVG and HTML rather than @mantine/charts: recharts 3 under it weighs
// 139 KB gzipped for these two charts, more than the page's whole budget (120 KB including the
// charts, issue 28). Each chart is a picture for those who see it; its text alternative is the
// sentence under it and the table beside it.

const WIDTH = 600;
const HEIGHT = 160;
const GRID = [0, 25, 50, 75, 100];

/**
 * TrendChart draws the share present at each event of the period, in date
 * order, one point per event. Hovering a point shows its date and rate.
 */
export function TrendChart({ events }: { events: AnalyticsAttendance['events'] }) {
  const points = events.filter((e) => e.rate !== undefined).map((e) => ({ key: e.key, date: e.date, rate: e.rate ?? 0 }));
  if (points.length < 2) return null;
  const low = points.reduce((a, b) => (b.rate < a.rate ? b : a));
  const high = points.reduce((a, b) => (b.rate > a.rate ? b : a));
  const summary = `Attendance rate at each of ${points.length} events, from ${points[0].date} to ${points[points.length - 1].date}: lowest ${low.rate} % on ${low.date}, highest ${high.rate} % on ${high.date}. The events table lists every figure.`;
  const x = (i: number) => (i * WIDTH) / (points.length - 1);
  const y = (rate: number) => HEIGHT - (rate * HEIGHT) / 100;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rate).toFixed(1)}`).join(' ');
  return (
    <figure className="analytics-chart" style={{ margin: 0 }}>
      <div role="img" aria-label="Chart of the attendance rate per event, described below" style={{ maxWidth: 720 }}>
        <Group gap={6} wrap="nowrap" align="stretch">
          <div aria-hidden style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', fontSize: 12, whiteSpace: 'nowrap' }}>
            <span>100 %</span>
            <span>50 %</span>
            <span>0 %</span>
          </div>
          {/* Stretched to the width: strokes keep their width (non-scaling-stroke), and a
              point is a zero-length stroke with round caps, so it stays round. */}
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" width="100%" height={HEIGHT} style={{ display: 'block', overflow: 'visible' }}>
            {GRID.map((g) => (
              <line key={g} x1={0} x2={WIDTH} y1={y(g)} y2={y(g)} stroke="var(--mantine-color-default-border)" vectorEffect="non-scaling-stroke" />
            ))}
            <polyline points={line} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
            {points.length <= 60 &&
              points.map((p, i) => (
                <path
                  key={p.key}
                  d={`M${x(i).toFixed(1)} ${y(p.rate).toFixed(1)}h0`}
                  stroke="var(--mantine-color-blue-6)"
                  strokeWidth={7}
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                >
                  <title>{`${p.date}: ${p.rate} %`}</title>
                </path>
              ))}
          </svg>
        </Group>
        <Group justify="space-between" mt={4} style={{ paddingLeft: 44 }} aria-hidden>
          <Text size="xs">{points[0].date}</Text>
          <Text size="xs">{points[points.length - 1].date}</Text>
        </Group>
      </div>
      <Text component="figcaption" size="sm" c="dimmed">
        {summary}
      </Text>
    </figure>
  );
}

/** TypesChart draws the average singers present per event type as bars, with a sentence as its text alternative. */
export function TypesChart({ types }: { types: AnalyticsAttendance['types'] }) {
  if (types.length === 0) return null;
  const top = Math.max(1, ...types.map((t) => t.averageSingers));
  const summary = `Average singers present per event: ${types.map((t) => `${typeName(t.type)} ${singers(t.averageSingers)}`).join(', ')}.`;
  return (
    <figure className="analytics-chart" style={{ margin: 0 }}>
      <div
        role="img"
        aria-label="Chart of the average singers per event type, described below"
        style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr max-content', gap: '6px 8px', alignItems: 'center', maxWidth: 720 }}
      >
        {types.map((t) => (
          <div key={t.type} style={{ display: 'contents' }}>
            <Text size="sm">{typeName(t.type)}</Text>
            <div style={{ height: 18, width: `${(t.averageSingers * 100) / top}%`, minWidth: 2, background: 'var(--mantine-color-blue-7)', borderRadius: 2 }} />
            <Text size="sm">{singers(t.averageSingers)}</Text>
          </div>
        ))}
      </div>
      <Text component="figcaption" size="sm" c="dimmed">
        {summary}
      </Text>
    </figure>
  );
}
