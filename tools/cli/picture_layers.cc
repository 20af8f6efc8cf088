#include "tools/cli/picture_layers.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <variant>

#include <fmt/format.h>

#include "render/png_io.h"
#include "tools/cli/command.h"
#include "tools/cli/output_options.h"

namespace hydrocontact::cli {
namespace {

std::vector<Eigen::Vector3d> Posed(const std::vector<Eigen::Vector3d>& p_G, const RigidTransform& X_WG) {
  std::vector<Eigen::Vector3d> p_W;
  p_W.reserve(p_G.size());
  for (const auto& p : p_G) p_W.push_back(X_WG * p);
  return p_W;
}

void AddTriangles(const TriangleSurfaceMesh& mesh, render::PictureLayer* layer) {
  for (const auto& t : mesh.triangles()) layer->triangles.push_back({t[0], t[1], t[2]});
}

}  // namespace

std::string PictureOptionsHelp() {
  return R"(  --png FILE.png   also draw a picture (PNG) of the result
  --view V         the picture's view: iso (default), top, front, side, or
                   AZ,EL in degrees (azimuth about z from +x, elevation)
  --size WxH       the picture's size in pixels, each 64 to 8192 (default
                   800x600)
)";
}

render::ViewDirection ParseViewOption(const std::string& text) {
  if (const std::optional<render::ViewDirection> named = render::NamedView(text)) return *named;
  const size_t comma = text.find(',');
  if (comma == std::string::npos) {
    throw UsageError(
        fmt::format("--view: '{}' is none of iso, top, front, side or AZ,EL (degrees, e.g. 30,20)", text));
  }
  const double azimuth = ParseDouble(text.substr(0, comma), "--view");
  const double elevation = ParseDouble(text.substr(comma + 1), "--view");
  try {
    return render::ViewFromDegrees(azimuth, elevation);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("--view: '{}': {}", text, e.what()));
  }
}

std::array<int, 2> ParseSizeOption(const std::string& text) {
  std::array<int, 2> size{0, 0};
  const size_t x = text.find('x');
  bool ok = x != std::string::npos;
  const std::array<std::string, 2> parts{text.substr(0, x), ok ? text.substr(x + 1) : ""};
  for (size_t k = 0; k < 2 && ok; ++k) {
    try {
      const double n = ParseDouble(parts[k], "--size");
      ok = n == std::floor(n) && n >= render::kMinPictureSide && n <= render::kMaxPictureSide;
      if (ok) size[k] = int(n);
    } catch (const UsageError&) {
      ok = false;
    }
  }
  if (!ok) {
    throw UsageError(fmt::format("--size: '{}' is not WIDTHxHEIGHT with each a whole number in [{}, {}] pixels",
                                 text, render::kMinPictureSide, render::kMaxPictureSide));
  }
  return size;
}

std::optional<PictureRequest> ParsePictureRequest(const ParsedArgs& parsed) {
  const auto png = parsed.options.find("--png");
  const auto view = parsed.options.find("--view");
  const auto size = parsed.options.find("--size");
  if (png == parsed.options.end()) {
    if (view != parsed.options.end() || size != parsed.options.end()) {
      throw UsageError("--view and --size apply to the picture; give --png FILE.png too");
    }
    return std::nullopt;
  }
  // The file holds PNG whatever its name: a name that says otherwise would
  // mislead whoever opens it.
  if (!HasExtension(png->second, ".png")) {
    throw UsageError(fmt::format("--png: '{}' would hold a PNG picture; give it a .png name",
                                 png->second));
  }
  RequireWritableLocation("--png", png->second);
  PictureRequest request;
  request.file = png->second;
  if (view != parsed.options.end()) request.options.view = ParseViewOption(view->second);
  if (size != parsed.options.end()) {
    const auto wh = ParseSizeOption(size->second);
    request.options.width = wh[0];
    request.options.height = wh[1];
  }
  return request;
}

render::PictureLayer RepresentationLayer(const HydroelasticRepresentation& representation,
                                         const RigidTransform& X_WG) {
  render::PictureLayer layer;
  if (const auto* c = std::get_if<CompliantMesh>(&representation)) {
    const VolumeMeshBoundary boundary = ExtractBoundary(c->mesh);
    layer.vertices = Posed(boundary.surface.vertices(), X_WG);
    AddTriangles(boundary.surface, &layer);
  } else if (const auto* r = std::get_if<RigidMesh>(&representation)) {
    layer.vertices = Posed(r->mesh.vertices(), X_WG);
    AddTriangles(r->mesh, &layer);
  }
  return layer;
}

render::PictureLayer CutAwayLayer(const CompliantMesh& compliant, const render::ViewDirection& view) {
  const VolumeMesh& mesh = compliant.mesh;
  // The cut faces a horizontal direction 45° round from the camera's, so
  // that the picture shows the cut obliquely beside the outer surface.
  const Eigen::Vector3d cut_normal(std::cos(view.azimuth + M_PI / 4), std::sin(view.azimuth + M_PI / 4), 0);
  const Aabb box = mesh.CalcBoundingBox();
  const Eigen::Vector3d centre = (box.min + box.max) / 2;
  std::vector<int> kept;
  for (int e = 0; e < mesh.num_elements(); ++e) {
    Eigen::Vector3d c = Eigen::Vector3d::Zero();
    for (int v : mesh.element(e)) c += mesh.vertex(v) / 4;
    if ((c - centre).dot(cut_normal) <= 0) kept.push_back(e);
  }
  if (kept.empty()) {
    for (int e = 0; e < mesh.num_elements(); ++e) kept.push_back(e);
  }
  // The faces of the kept tetrahedra that only one of them has, turned to
  // face away from their tetrahedron's fourth vertex.
  std::map<std::array<int, 3>, std::pair<int, std::array<int, 3>>> faces;
  for (int e : kept) {
    const auto& t = mesh.element(e);
    for (int o = 0; o < 4; ++o) {
      std::array<int, 3> f{t[size_t((o + 1) % 4)], t[size_t((o + 2) % 4)], t[size_t((o + 3) % 4)]};
      const Eigen::Vector3d& a = mesh.vertex(f[0]);
      const Eigen::Vector3d n = (mesh.vertex(f[1]) - a).cross(mesh.vertex(f[2]) - a);
      if (n.dot(mesh.vertex(t[size_t(o)]) - a) > 0) std::swap(f[1], f[2]);
      std::array<int, 3> key = f;
      std::sort(key.begin(), key.end());
      auto [it, inserted] = faces.try_emplace(key, 0, f);
      ++it->second.first;
    }
  }
  render::PictureLayer layer;
  layer.vertices = mesh.vertices();
  layer.values = compliant.pressure.values();
  for (const auto& [key, entry] : faces) {
    if (entry.first == 1) layer.triangles.push_back(entry.second);
  }
  layer.draw_edges = true;
  return layer;
}

render::PictureLayer ContactLayer(const ContactSurface& surface) {
  render::PictureLayer layer;
  if (surface.is_triangle()) {
    layer.vertices = surface.tri_mesh_W().vertices();
    AddTriangles(surface.tri_mesh_W(), &layer);
    layer.values = surface.tri_e_MN().values();
  } else {
    const PolygonSurfaceMesh& mesh = surface.poly_mesh_W();
    for (int v = 0; v < mesh.num_vertices(); ++v) layer.vertices.push_back(mesh.vertex(v));
    // Contact polygons are convex: a fan covers each.
    for (int f = 0; f < mesh.num_faces(); ++f) {
      const auto poly = mesh.polygon(f);
      for (size_t k = 1; k + 1 < poly.size(); ++k) layer.triangles.push_back({poly[0], poly[k], poly[k + 1]});
    }
    layer.values = surface.poly_e_MN().values();
  }
  return layer;
}

render::PictureLayer HalfSpaceLayer(const RigidTransform& X_WG, const Aabb& frame) {
  const Eigen::Vector3d centre_G = X_WG.inverse() * ((frame.min + frame.max) / 2);
  const double h = std::max((frame.max - frame.min).norm(), 1e-6);
  render::PictureLayer layer;
  for (const auto& [x, y] : {std::pair{-h, -h}, {h, -h}, {h, h}, {-h, h}}) {
    layer.vertices.push_back(X_WG * Eigen::Vector3d(centre_G.x() + x, centre_G.y() + y, 0));
  }
  // Counter-clockwise seen from +z (the outward normal).
  layer.triangles = {{0, 1, 2}, {0, 2, 3}};
  return layer;
}

std::string PicturePng(const PictureRequest& request, const std::vector<render::PictureLayer>& layers) {
  return render::EncodePng(render::RenderPicture(layers, request.options));
}

std::string ContactPicturePng(const PictureRequest& request, const std::vector<PosedRepresentation>& bodies,
                              const std::vector<const ContactSurface*>& surfaces) {
  static constexpr std::array<render::Rgb, 4> kTints{render::Rgb{60, 100, 170}, render::Rgb{190, 110, 60},
                                                     render::Rgb{90, 150, 90}, render::Rgb{150, 90, 160}};
  auto tinted = [&](render::PictureLayer layer, size_t k) {
    layer.color = kTints[k % kTints.size()];
    layer.opacity = 0.22;
    return layer;
  };
  std::vector<render::PictureLayer> layers;
  Aabb bodies_box, contact_box;
  for (size_t k = 0; k < bodies.size(); ++k) {
    layers.push_back(tinted(RepresentationLayer(*bodies[k].representation, bodies[k].X_WG), k));
    for (const auto& v : layers.back().vertices) bodies_box.Include(v);
  }
  for (const ContactSurface* surface : surfaces) {
    layers.push_back(ContactLayer(*surface));
    for (const auto& v : layers.back().vertices) contact_box.Include(v);
  }
  Aabb frame = bodies_box;
  if (!contact_box.IsEmpty()) {
    const double size = std::max((contact_box.max - contact_box.min).norm(), 1e-6);
    if (bodies_box.IsEmpty() || (bodies_box.max - bodies_box.min).norm() > 6 * size) {
      frame = Aabb(contact_box.min - Eigen::Vector3d::Constant(size),
                   contact_box.max + Eigen::Vector3d::Constant(size));
    } else {
      frame.Include(contact_box.min);
      frame.Include(contact_box.max);
    }
  }
  if (frame.IsEmpty()) {
    // Only half-spaces (or nothing) to draw: a 2 m box about the first body.
    const Eigen::Vector3d centre =
        bodies.empty() ? Eigen::Vector3d::Zero() : Eigen::Vector3d(bodies[0].X_WG.translation());
    frame = Aabb(centre - Eigen::Vector3d::Ones(), centre + Eigen::Vector3d::Ones());
  }
  for (size_t k = 0; k < bodies.size(); ++k) {
    const HydroelasticRepresentation& r = *bodies[k].representation;
    if (std::holds_alternative<RigidHalfSpace>(r) || std::holds_alternative<CompliantHalfSpace>(r)) {
      layers[k] = tinted(HalfSpaceLayer(bodies[k].X_WG, frame), k);
    }
  }
  PictureRequest framed = request;
  framed.options.frame = frame;
  return PicturePng(framed, layers);
}

}  // namespace hydrocontact::cli
