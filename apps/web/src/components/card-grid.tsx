import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column on phones, up to three on wide screens. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>{children}</SimpleGrid>;
}
