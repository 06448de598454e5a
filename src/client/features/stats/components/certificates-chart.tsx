import { BarChart } from '@mantine/charts';
import { Card, Table, Title, VisuallyHidden } from '@mantine/core';
import type { MonthCount } from '#shared/api/stats.ts';
import { chartMonths } from '../api/chart-months.ts';

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
