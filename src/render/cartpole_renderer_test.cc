#include "render/cartpole_renderer.h"

#include <gtest/gtest.h>

namespace ga3c::render {
namespace {

IndexedImage draw(float x, float theta) {
  const float obs[4] = {x, 0.0f, theta, 0.0f};
  IndexedImage image;
  CartPoleRenderer().render(obs, image);
  return image;
}

// Rows count down from the top: the cart's centre (50 px above the bottom) is row 150.
TEST(CartPoleRenderer, DrawsAnUprightPoleOnACentredCart) {
  const IndexedImage image = draw(0.0f, 0.0f);
  ASSERT_EQ(image.width, 300);
  ASSERT_EQ(image.height, 200);
  EXPECT_EQ(image.at(0, 0), CartPoleRenderer::kBackground);
  EXPECT_EQ(image.at(299, 199), CartPoleRenderer::kBackground);
  EXPECT_EQ(image.at(0, 150), CartPoleRenderer::kCart);         // the track, far left
  EXPECT_EQ(image.at(140, 145), CartPoleRenderer::kCart);       // the cart, left of the axle
  EXPECT_EQ(image.at(149, 146), CartPoleRenderer::kAxle);       // the axle, 3.75 px above centre
  EXPECT_EQ(image.at(149, 110), CartPoleRenderer::kPole);       // halfway up the 62.5 px pole
  EXPECT_EQ(image.at(149, 86), CartPoleRenderer::kPole);        // near its top
  EXPECT_EQ(image.at(149, 80), CartPoleRenderer::kBackground);  // above it
  EXPECT_EQ(image.at(160, 110), CartPoleRenderer::kBackground);
  EXPECT_EQ(image.at(170, 145), CartPoleRenderer::kBackground);  // right of the 25 px cart
}

TEST(CartPoleRenderer, MovesTheCartAndLeansThePole) {
  // 1 m right is 62.5 px right; 0.5 rad leans the pole right of its axle at (212.5, 146.25).
  const IndexedImage image = draw(1.0f, 0.5f);
  EXPECT_EQ(image.at(212, 155), CartPoleRenderer::kCart);
  EXPECT_EQ(image.at(149, 155), CartPoleRenderer::kBackground);
  // 40 px up the pole: (212.5 + 40 sin 0.5, 146.25 - 40 cos 0.5) = (231.7, 111.1).
  EXPECT_EQ(image.at(231, 111), CartPoleRenderer::kPole);
  EXPECT_EQ(image.at(212, 106), CartPoleRenderer::kBackground);  // where upright would be
  // A negative angle leans it left: (193.3, 111.1).
  EXPECT_EQ(draw(1.0f, -0.5f).at(193, 111), CartPoleRenderer::kPole);
}

}  // namespace
}  // namespace ga3c::render
