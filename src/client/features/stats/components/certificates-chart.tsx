import { BarChart } from '@mantine/charts';
import { Card, Table, Title, VisuallyHidden } from '@mantine/core';
import type { MonthCount } from '#shared/api/stats.ts';
import { chartMonths } from '../api/chart-months.ts';

interface TickProps {
  x?: number | string;
  y?: number | string;
  index?: number;
  width?: number | string;
  visibleTicksCount?: number;
  payload?: { value?: string };
}

/** Below this width a month's slot fits its initial only, and the year in two digits. */
const NARROW_SLOT_PX = 30;

/**
 * Every month named under its bar, the year beneath the first and each January: "Dec 2025" under
 * every bar would not fit, and the chart then named only every other month.
 */
function MonthTick({ x = 0, y = 0, index = 0, width = 0, visibleTicksCount = 12, payload }: TickProps) {
  const [month = '', year = ''] = String(payload?.value ?? '').split(' ');
  const narrow = Number(width) / visibleTicksCount < NARROW_SLOT_PX;
  return (
    <text x={x} y={y} dy={14} textAnchor="middle" fontSize={12} fill="currentColor">
      <tspan x={x}>{narrow ? month.slice(0, 1) : month}</tspan>
      {(index === 0 || month === 'Jan') && (
        <tspan x={x} dy={14}>
          {narrow ? `’${year.slice(2)}` : year}
        </tspan>
      )}
    </text>
  );
}

/** Certificates by passed month, last 12 months; the same numbers as a table for screen readers. */
export function CertificatesChart({ byMonth }: { byMonth: MonthCount[] }) {
  const data = chartMonths(byMonth);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="by-month-title">
      <Title order={2} size="h3" id="by-month-title" mb="md">
        Certificates by passed month (last 12 months)
      </Title>
      <div aria-hidden>
        <BarChart
          h={280}
          data={data}
          dataKey="month"
          series={[{ name: 'certificates', label: 'Certificates', color: 'blue.8' }]}
          tickLine="y"
          textColor="dark.6"
          xAxisProps={{ interval: 0, height: 44, tick: MonthTick }}
          yAxisProps={{ allowDecimals: false }}
          accessibilityLayer={false}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Certificates by passed month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Certificates</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.month}>
                <td>{row.month}</td>
                <td>{row.certificates}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}
