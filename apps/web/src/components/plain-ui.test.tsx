import {
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  MantineProvider,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import {
  ANCHOR_CLASS_NAME,
  PlainButton,
  PlainButtonLink,
  PlainContainer,
  PlainGroup,
  PlainPageLoader,
  PlainStack,
  PlainText,
  PlainTitle,
} from './plain-ui.tsx';

/**
 * The written-out markup must draw as the library's component does: same elements, same class names, same
 * style declarations and attributes (in any order). An upgrade of the library that renames a class or a
 * variable fails here (docs/decisions/050).
 */
function markup(element: ReactElement): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <MemoryRouter>{element}</MemoryRouter>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
  const template = document.createElement('template');
  template.innerHTML = html;
  return describeNodes(template.content.childNodes);
}

function describeNodes(nodes: NodeListOf<ChildNode>): string {
  return [...nodes]
    .map((node) => {
      if (!(node instanceof Element)) return node.textContent ?? '';
      const attributes = [...node.attributes]
        .map(({ name, value }) => {
          if (name === 'class') return `class=${value.split(/\s+/).sort().join(' ')}`;
          if (name === 'style') {
            const declarations = value
              .split(';')
              .map((part) => part.trim().replace(/\s*:\s*/, ':'))
              .filter(Boolean)
              .sort();
            return `style=${declarations.join(';')}`;
          }
          return `${name}=${value}`;
        })
        .sort();
      return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${describeNodes(node.childNodes)}</>`;
    })
    .join('');
}

const noop = () => undefined;

describe('the UI library markup written out for the first page', () => {
  it.each<[string, ReactElement, ReactElement]>([
    [
      'a container',
      <PlainContainer key="plain" size="lg" style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
        x
      </PlainContainer>,
      <Container key="library" size="lg" py="xl">
        x
      </Container>,
    ],
    [
      'a row',
      <PlainGroup
        key="plain"
        gap="lg"
        justify="space-between"
        component="nav"
        visibleFrom="sm"
        aria-label="n"
      >
        x
      </PlainGroup>,
      <Group
        key="library"
        gap="lg"
        justify="space-between"
        wrap="nowrap"
        component="nav"
        visibleFrom="sm"
        aria-label="n"
      >
        x
      </Group>,
    ],
    [
      'a column',
      <PlainStack key="plain" gap={48} align="center" role="alert" style={{ textAlign: 'center' }}>
        x
      </PlainStack>,
      <Stack key="library" gap={48} align="center" role="alert" ta="center">
        x
      </Stack>,
    ],
    [
      'a title',
      <PlainTitle key="plain" color="maroon-8">
        x
      </PlainTitle>,
      <Title key="library" order={1} c="maroon.8">
        x
      </Title>,
    ],
    [
      'a large text',
      <PlainText key="plain" size="lg">
        x
      </PlainText>,
      <Text key="library" size="lg">
        x
      </Text>,
    ],
    [
      'a text shown from a breakpoint',
      <PlainText key="plain" component="span" visibleFrom="xs">
        x
      </PlainText>,
      <Text key="library" component="span" visibleFrom="xs">
        x
      </Text>,
    ],
    [
      'a filled button',
      <PlainButton key="plain" size="md" onClick={noop}>
        x
      </PlainButton>,
      <Button key="library" size="md" onClick={noop}>
        x
      </Button>,
    ],
    [
      'an outlined button link',
      <PlainButtonLink key="plain" to="/auth" variant="outline">
        x
      </PlainButtonLink>,
      <Button key="library" component={Link} to="/auth" variant="outline">
        x
      </Button>,
    ],
  ])('%s', (_name, plain, library) => {
    expect(markup(plain)).toBe(markup(library));
  });

  it('the page loader, its name on the status region', () => {
    expect(markup(<PlainPageLoader label="Loading" />)).toBe(
      markup(
        <Center mih="50vh" role="status" aria-busy="true" aria-label="Loading">
          <Loader />
        </Center>,
      ),
    );
  });

  it("the hero's paper and the home link keep the library's classes", () => {
    expect(markup(<Paper radius="lg">x</Paper>)).toContain('class=m_1b7284a3 mantine-Paper-root');
    expect(markup(<Anchor href="/" underline="never" />)).toBe(
      markup(
        // biome-ignore lint/a11y/useAnchorContent: compared as markup only
        <a href="/" className={ANCHOR_CLASS_NAME} data-underline="never" />,
      ),
    );
  });
});
