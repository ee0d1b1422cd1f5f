//! Procedural sprite images (piece disc, king's crown, ring, dot, the board's squares), drawn
//! once at start-up, so the game needs no asset files.
//!
//! Each shape image is white/grey with alpha, anti-aliased by supersampling, and tinted per sprite
//! through `Sprite::color`. The shapes are pure functions of a point in the unit square
//! (`[-1, 1]²`, y up) so they can be tested without a renderer.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::ground::palette;

/// Side of each generated image in pixels.
pub const IMAGE_SIZE: u32 = 128;
/// Samples per pixel side for anti-aliasing.
const SUPERSAMPLE: u32 = 4;

/// Handles of the generated images.
#[derive(Resource, Clone, Debug)]
pub struct Textures {
    /// A piece: a disc with a darker rim and an inner groove.
    pub disc: Handle<Image>,
    /// A king's crown.
    pub crown: Handle<Image>,
    /// A ring (capture marks, hints).
    pub ring: Handle<Image>,
    /// A plain disc (destination dots).
    pub dot: Handle<Image>,
    /// The board's squares, one texel each (a1 dark, bottom left), sampled without filtering.
    pub squares: Handle<Image>,
}

/// Creates the images.
pub(crate) fn build(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut add = |shape: fn(Vec2) -> (f32, f32)| images.add(render(shape));
    let (disc, crown, ring, dot) = (add(piece), add(crown), add(ring), add(dot));
    let textures = Textures {
        disc,
        crown,
        ring,
        dot,
        squares: images.add(squares(palette::LIGHT, palette::DARK)),
    };
    commands.insert_resource(textures);
}

fn render(shape: fn(Vec2) -> (f32, f32)) -> Image {
    let size = IMAGE_SIZE;
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    let samples = (SUPERSAMPLE * SUPERSAMPLE) as f32;
    for y in 0..size {
        for x in 0..size {
            let (mut grey, mut alpha) = (0.0, 0.0);
            for sy in 0..SUPERSAMPLE {
                for sx in 0..SUPERSAMPLE {
                    let u = (x * SUPERSAMPLE + sx) as f32 + 0.5;
                    let v = (y * SUPERSAMPLE + sy) as f32 + 0.5;
                    let full = (size * SUPERSAMPLE) as f32;
                    let p = Vec2::new(2.0 * u / full - 1.0, 1.0 - 2.0 * v / full);
                    let (g, a) = shape(p);
                    grey += g * a;
                    alpha += a;
                }
            }
            let g = if alpha > 0.0 { grey / alpha } else { 0.0 };
            let a = alpha / samples;
            let byte = |f: f32| (f.clamp(0.0, 1.0) * 255.0).round() as u8;
            data.extend_from_slice(&[byte(g), byte(g), byte(g), byte(a)]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
}

/// The 8×8 board image: row 0 is rank 8, column 0 is file a; a1 is dark.
fn squares(light: Color, dark: Color) -> Image {
    let mut data = Vec::with_capacity(8 * 8 * 4);
    for row in 0..8u8 {
        for file in 0..8u8 {
            let rank = 7 - row;
            let color = if (file + rank) % 2 == 0 { dark } else { light };
            data.extend_from_slice(&color.to_srgba().to_u8_array());
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: 8,
            height: 8,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::nearest();
    image
}

/// A piece seen from above: grey level and coverage at `p`.
#[must_use]
pub fn piece(p: Vec2) -> (f32, f32) {
    let r = p.length();
    if r > 0.96 {
        (0.0, 0.0)
    } else if r > 0.88 {
        (0.45, 1.0)
    } else if (0.62..0.68).contains(&r) {
        (0.72, 1.0)
    } else {
        (1.0 - 0.12 * r, 1.0)
    }
}

/// A crown: a band with three points topped by balls.
#[must_use]
pub fn crown(p: Vec2) -> (f32, f32) {
    let inside_band = p.x.abs() <= 0.55 && (-0.45..=-0.25).contains(&p.y);
    let top = |x: f32| {
        // Zigzag through (-0.55, 0.35), (-0.275, 0.0), (0, 0.45), (0.275, 0.0), (0.55, 0.35).
        let t = x.abs();
        if t <= 0.275 {
            0.45 - 0.45 * t / 0.275
        } else {
            0.35 * (t - 0.275) / 0.275
        }
    };
    let inside_body = p.x.abs() <= 0.55 && p.y > -0.25 && p.y <= top(p.x);
    let balls = [
        Vec2::new(-0.55, 0.42),
        Vec2::new(0.0, 0.52),
        Vec2::new(0.55, 0.42),
    ];
    let inside_ball = balls.iter().any(|b| b.distance(p) <= 0.1);
    if inside_band {
        (0.8, 1.0)
    } else if inside_body || inside_ball {
        (1.0, 1.0)
    } else {
        (0.0, 0.0)
    }
}

/// A ring just inside the image edge.
#[must_use]
pub fn ring(p: Vec2) -> (f32, f32) {
    let r = p.length();
    if (0.84..=0.98).contains(&r) {
        (1.0, 1.0)
    } else {
        (0.0, 0.0)
    }
}

/// A plain disc.
#[must_use]
pub fn dot(p: Vec2) -> (f32, f32) {
    if p.length() <= 0.98 {
        (1.0, 1.0)
    } else {
        (0.0, 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_cover_what_they_should() {
        assert_eq!(piece(Vec2::ZERO).1, 1.0);
        assert_eq!(piece(Vec2::new(0.99, 0.0)).1, 0.0);
        assert!(
            piece(Vec2::new(0.9, 0.0)).0 < piece(Vec2::ZERO).0,
            "rim is darker"
        );
        assert_eq!(crown(Vec2::new(0.0, 0.4)).1, 1.0, "middle point");
        assert_eq!(crown(Vec2::new(0.27, 0.3)).1, 0.0, "gap between points");
        assert_eq!(crown(Vec2::new(0.0, -0.35)).1, 1.0, "band");
        assert_eq!(crown(Vec2::new(0.0, -0.6)).1, 0.0, "below the band");
        assert_eq!(ring(Vec2::ZERO).1, 0.0);
        assert_eq!(ring(Vec2::new(0.0, 0.9)).1, 1.0);
    }

    #[test]
    fn squares_image_has_a1_dark_at_the_bottom_left() {
        let image = squares(palette::LIGHT, palette::DARK);
        let data = image.data.as_ref().unwrap();
        let texel = |row: usize, column: usize| &data[4 * (8 * row + column)..][..4];
        let dark = palette::DARK.to_srgba().to_u8_array();
        let light = palette::LIGHT.to_srgba().to_u8_array();
        assert_eq!(texel(7, 0), dark, "a1");
        assert_eq!(texel(7, 1), light, "b1");
        assert_eq!(texel(0, 0), light, "a8");
        assert_eq!(texel(0, 7), dark, "h8");
    }

    #[test]
    fn images_have_the_declared_size() {
        let image = render(dot);
        assert_eq!(image.width(), IMAGE_SIZE);
        assert_eq!(image.height(), IMAGE_SIZE);
    }
}
