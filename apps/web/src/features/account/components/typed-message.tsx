import { Paper, Text, VisuallyHidden } from '@mantine/core';

interface TypedMessageProps {
  /** The whole sentence. */
  text: string;
  /** The part typed out so far (see useTypedText). */
  shown: string;
}

/**
 * One line of the onboarding conversation. Screen readers get the whole sentence at once: hearing it
 * spelt out letter by letter would help nobody.
 */
export function TypedMessage({ text, shown }: TypedMessageProps) {
  return (
    <Paper bg="saffron.0" p="md" radius="lg" maw={560}>
      <Text size="lg" aria-hidden="true" data-testid="typed-message" mih="1.55em">
        {shown}
      </Text>
      <VisuallyHidden>{text}</VisuallyHidden>
    </Paper>
  );
}
