import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/content/ArticleView";
import { articleIdParam, loadArticle } from "~/components/content/articles.server";
import contentStyles from "~/styles/content.css?url";
import { articleTitle } from "~/components/content/types";

export const handle = { i18n: ["content"], title: articleTitle };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

// An article opened from the home page (banner, notice): back returns home.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return { article: await loadArticle(request, context, articleIdParam(params.id)) };
}

export default function InfoArticle() {
  const { article } = useLoaderData<typeof loader>();
  return <ArticleView article={article} back="/" />;
}
