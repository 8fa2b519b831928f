import { Text, Title } from '@mantine/core';

/** A back-office page's heading and, under it, a dimmed line that says what the page is for. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{intro}</Text>
    </div>
  );
}
