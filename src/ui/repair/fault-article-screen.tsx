import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage } from '../i18n/language-context';
import { PageLoading } from '../shell/page-loading';
import { paths } from '../shell/paths';
import { useRepairMachines } from './repair-machines';

/**
 * `/fault/:code`: opens the self-service fault article whose label holds the alarm code (the
 * live machine pages and the error log link here by path), or the self-service page when none
 * does (`faultArticleMachine`).
 */
export default function FaultArticleScreen() {
  const { code = '' } = useParams();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { faultArticle } = useRepairMachines();
  const definition = useMemo(
    () =>
      faultArticle.provide({
        actions: {
          openArticle: (_, { id, nodeId }) => navigate(paths.selfArticle(id, nodeId), { replace: true }),
          openSelfService: () => navigate('/self', { replace: true }),
        },
      }),
    [faultArticle, navigate],
  );
  // A new code is a new page (the route remounts on its parameters).
  useFreshActor(definition, { input: { code, language } });
  return <PageLoading />;
}
