import { Anchor, Box, Button, Card, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';
import { useSite } from '#client/lib/site-query.ts';

export const loader = loadContent('home', 'courses');

export function Component() {
  const site = useSite();
  const home = useContent('home');
  const courses = useContent('courses');
  return (
    <>
      <title>{site.portalName}</title>
      <Box bg="blue.9" c="white" py={64}>
        <Container size="lg">
          <Title order={1} size={40} maw={720}>
            {home.heroTitle}
          </Title>
          <Text size="xl" mt="md" maw={640}>
            {home.heroText}
          </Text>
          <Button
            component={Link}
            to="/verify"
            size="lg"
            mt="xl"
            color="white"
            c="blue.9"
            leftSection={<IconShieldCheck aria-hidden />}
          >
            {home.heroAction}
          </Button>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <Group justify="space-between" mb="md">
          <Title order={2}>{home.coursesTitle}</Title>
          {/* A link, not a padded button: where it wraps below the heading its text lines up with it. */}
          <Anchor component={Link} to="/courses" fw={700}>
            {home.coursesAction}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {courses.cards.slice(0, 3).map((course) => (
            <Card key={course.id} component="li" withBorder padding="lg" pos="relative">
              <Title order={3} size="h4" mb="xs">
                {/* The whole card leads to the course on the courses page (global.css .card-link). */}
                <Anchor component={Link} to={`/courses#${course.id}`} className="card-link">
                  {course.title}
                </Anchor>
              </Title>
              <Text>{course.description}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
