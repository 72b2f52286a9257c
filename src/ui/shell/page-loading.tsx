import { Center, Spinner } from '@chakra-ui/react';

/** Shown while a page's chunk loads. */
export function PageLoading() {
  return (
    <Center minH="50dvh" data-testid="page-loading">
      <Spinner size="lg" color="blue.600" />
    </Center>
  );
}
